import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'public/build/**',
      'bench/floor/build/**',
      'bench/floor/public/build/**',
      'node_modules/**',
      '.cache/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Decision 0031: browser code reaches these small shared modules through components/common-chunk.ts
    // only, so the browser build ships them as one chunk instead of a dozen tiny files on every page.
    files: ['app/**/*.{ts,tsx}'],
    ignores: [
      'app/**/*.server.{ts,tsx}',
      'app/**/*.test.{ts,tsx}',
      'app/components/common-chunk.ts',
      'app/components/Deferred.tsx',
      'app/components/Island.tsx',
      'app/components/ProductCard.tsx',
      'app/components/search/ProductCarousel.tsx',
      'app/components/BusinessPriceTag.tsx',
      'app/modules/access/page-access.ts',
      'app/modules/browser/local-storage.ts',
      'app/modules/cart/cart-forms.ts',
      'app/modules/catalog/links.ts',
      'app/modules/catalog/pricing.ts',
      'app/modules/identity/notices.ts',
      'app/modules/search/tabs.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(remix-utils/use-hydrated|.*/(Deferred|Island|ProductCard|ProductCarousel|BusinessPriceTag|page-access|local-storage|cart-forms|catalog/links|catalog/pricing|identity/notices|search/tabs))$',
              allowTypeImports: true,
              message: 'Import it from ~/components/common-chunk (decision 0031: one shared browser chunk).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
