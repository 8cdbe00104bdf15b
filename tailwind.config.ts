import type { Config } from 'tailwindcss';
import plugin from 'tailwindcss/plugin';

export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          DEFAULT: 'rgb(var(--brand) / <alpha-value>)',
          dark: 'rgb(var(--brand-dark) / <alpha-value>)',
          soft: 'rgb(var(--brand-soft) / <alpha-value>)',
          accent: 'rgb(var(--brand-accent) / <alpha-value>)',
        },
      },
      screens: {
        // Spec section 9: mobile below 768, tablet 768-991, desktop from 992; greeting layout above 1279.
        md: '768px',
        lg: '992px',
        xl: '1280px',
      },
    },
  },
  plugins: [
    // `scripted:` applies where the browser runs scripts: no-JavaScript fallbacks hidden from the first paint on.
    plugin(({ addVariant }) => addVariant('scripted', '@media (scripting: enabled)')),
  ],
} satisfies Config;
