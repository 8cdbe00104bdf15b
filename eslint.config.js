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
    // Decision 0031: browser code reaches these small shared modules through components/page-essentials.ts
    // only, so the browser build ships them as one chunk instead of a dozen tiny files on every page.
    files: ['app/**/*.{ts,tsx}'],
    ignores: [
      'app/**/*.server.{ts,tsx}',
      'app/**/*.test.{ts,tsx}',
      // Domain modules import each other directly; the pages that bundle them go through page-essentials.
      'app/modules/**',
      'app/components/page-essentials.ts',
      'app/components/Deferred.tsx',
      'app/components/Island.tsx',
      'app/components/ProductCard.tsx',
      'app/components/AddToCart.tsx',
      'app/components/ScriptAnswerField.tsx',
      'app/components/search/ProductCarousel.tsx',
      'app/components/BusinessPriceTag.tsx',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(remix-utils/use-hydrated|.*/(Deferred|Island|ProductCard|ProductCarousel|BusinessPriceTag|page-access|local-storage|cart-forms|catalog/links|catalog/pricing|search/tabs|page-meta|Translations|ScriptAnswerField))$',
              allowTypeImports: true,
              message: 'Import it from ~/components/page-essentials (decision 0031: one shared browser chunk).',
            },
          ],
        },
      ],
    },
  },
  {
    // Layers: routes, root.tsx and app/pages compose pages from components and modules; a module never
    // imports upwards, so it stays testable without React and free of cycles.
    files: ['app/modules/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(~|(\\.\\./)+)/?(components|pages|routes|root)(/|$)',
              message: 'Domain modules do not import components, pages or routes: compose them in the route.',
            },
          ],
        },
      ],
    },
  },
  {
    // The data layer (app/db) knows no domain; only the seed writes data through domain rules.
    files: ['app/db/**/*.{ts,tsx}'],
    ignores: ['app/db/seed/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(~|(\\.\\./)+)/?(modules/(?!config/)|components|pages|routes|root)',
              message: 'The data layer imports no domain module (configuration aside).',
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
