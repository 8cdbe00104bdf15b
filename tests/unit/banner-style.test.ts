import { describe, expect, it } from 'vitest';
import { bannerStyleText } from '~/modules/banners/banner-style';

describe('banner colours as a nonce-d style', () => {
  it('writes the custom properties the theme reads', () => {
    expect(bannerStyleText({ '--brand': '22 128 60', '--brand-dark': '14 90 42' })).toBe(
      ':root{--brand:22 128 60;--brand-dark:14 90 42}',
    );
  });

  it('drops anything that could close the style or inject a rule', () => {
    expect(bannerStyleText({ '--brand': '1 2 3</style><script>', color: 'red', '--x': 'a;}body{' })).toBe(':root{}');
  });
});
