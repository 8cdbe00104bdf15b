import { describe, expect, it } from 'vitest';
import { signInModalTarget, withoutModalLink, withSignInModal } from '~/modules/identity/sign-in-modal';

const at = (path: string) => new URL(path, 'http://localhost:3000');

describe('the ml (modal link) parameter', () => {
  it('opens the sign-in modal over the page and returns to the page without it', () => {
    expect(signInModalTarget(at('/shop/aisles.html?ml=sign-in&utm_source=mail'))).toEqual({
      goto: '/shop/aisles.html?utm_source=mail',
    });
    expect(signInModalTarget(at('/?ml=SIGNIN'))).toEqual({ goto: '/' });
  });

  it('ignores other modal names and a missing parameter', () => {
    expect(signInModalTarget(at('/?ml=newsletter'))).toBeNull();
    expect(signInModalTarget(at('/shop/aisles.html'))).toBeNull();
  });

  it('never opens over the sign-in pages themselves', () => {
    expect(signInModalTarget(at('/account/sign-in.html?ml=sign-in'))).toBeNull();
    expect(signInModalTarget(at('/account/create-account.html?ml=sign-in'))).toBeNull();
  });

  it('adds and removes the parameter without touching the others', () => {
    expect(withSignInModal('/shop/aisles.html', '?zipcode=98101')).toBe('/shop/aisles.html?zipcode=98101&ml=sign-in');
    expect(withoutModalLink(at('/x?ml=sign-in&a=1'))).toBe('/x?a=1');
  });
});
