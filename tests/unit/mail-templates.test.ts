import { describe, expect, it } from 'vitest';
import { BANNERS, bannerDefinition } from '~/modules/banners/banner-catalog';
import { MESSAGE_KINDS, type MessageKind, type MessageData } from '~/modules/mail/message-kinds';
import { serverT } from '~/modules/i18n/translations.server';
import type { MailWords } from '~/modules/mail/mail-layout';
import { renderMessage } from '~/modules/mail/render-message';

const window = {
  startsAt: '2026-11-28T22:00:00.000Z',
  endsAt: '2026-11-29T00:00:00.000Z',
  timezone: 'America/Los_Angeles',
};
const lines = [
  { name: 'Organic Bananas', quantity: 6, lineCents: 174 },
  { name: 'Whole Milk <1 gal>', quantity: 1, lineCents: 449 },
];

/** One example of every kind, with the words each rendering must carry. */
const EXAMPLES: { [K in MessageKind]: { data: MessageData<K>; subject: string; words: string[] } } = {
  'sign-in-code': {
    data: { code: '482913', minutes: 10 },
    subject: 'Your sign-in code is 482913',
    words: ['482913', '10 minutes'],
  },
  'verification-code': {
    data: { code: '120045', minutes: 10, target: 'phone number' },
    subject: 'Your verification code is 120045',
    words: ['120045', 'phone number'],
  },
  'password-reset': {
    data: { link: 'http://localhost:3000/account/reset-password?token=abc&x=1', minutes: 30 },
    subject: 'Reset your password',
    words: ['30 minutes'],
  },
  welcome: {
    data: { signInUrl: 'http://localhost:3000/account/sign-in.html' },
    subject: 'Welcome to Pantry',
    words: ['signed in'],
  },
  'account-exists': {
    data: {
      signInUrl: 'http://localhost:3000/account/sign-in.html',
      resetUrl: 'http://localhost:3000/account/forgot-password.html',
    },
    subject: 'Someone tried to create an account with your email',
    words: ['no new one was made'],
  },
  'email-changed': {
    data: { firstName: 'Jordan', newEmail: 'new@pantry.test' },
    subject: 'Your sign-in email was changed',
    words: ['Hi Jordan,', 'new@pantry.test'],
  },
  'password-changed': { data: { firstName: '' }, subject: 'Your password was changed', words: ['Hi,', 'password'] },
  'order-placed': {
    data: {
      orderNumber: 'C10000042',
      fulfilment: 'delivery',
      window,
      storeName: 'Greenleaf Market Capitol Hill',
      address: '100 Pine St, Seattle, WA 98101',
      lines,
      subtotalCents: 623,
      savingsCents: 50,
      feesCents: 995,
      totalCents: 1568,
      orderUrl: 'http://localhost:3000/account/order-summary.html?orderNumber=C10000042',
    },
    subject: 'Your order C10000042 is placed',
    words: [
      'C10000042',
      'Organic Bananas',
      '$1.74',
      '$15.68',
      '-$0.50',
      'Saturday, November 28 at 2:00 PM – 4:00 PM',
      '100 Pine St',
    ],
  },
  'substitution-request': {
    data: {
      orderNumber: 'C10000042',
      substitutions: [
        { requested: 'Oat Milk 64 oz', offered: 'Almond Milk 64 oz', quantity: 2, offeredUnitCents: 399 },
      ],
      respondBy: '2026-11-28T21:00:00.000Z',
      timezone: 'America/Los_Angeles',
      respondUrl: 'http://localhost:3000/erums?orderNumber=C10000042',
    },
    subject: 'Substitutions for your order C10000042',
    words: ['Almond Milk 64 oz', 'Oat Milk 64 oz', '$3.99', 'Saturday, November 28 at 1:00 PM'],
  },
  'out-for-delivery': {
    data: { orderNumber: 'C10000042', window, address: '100 Pine St, Seattle, WA 98101', trackUrl: null },
    subject: 'Your order C10000042 is on its way',
    words: ['100 Pine St', '2:00 PM – 4:00 PM'],
  },
  'ready-for-pickup': {
    data: {
      orderNumber: 'C10000042',
      storeName: 'Greenleaf Market Tacoma',
      storeAddress: '1 Main St, Tacoma, WA',
      window,
      bags: 3,
    },
    subject: 'Your order C10000042 is ready for pickup',
    words: ['Greenleaf Market Tacoma', '1 Main St', '3 bags are waiting'],
  },
  receipt: {
    data: {
      orderNumber: 'C10000042',
      lines: [...lines, { name: 'Almond Milk 64 oz', quantity: 1, lineCents: 399, substitutedFor: 'Oat Milk 64 oz' }],
      subtotalCents: 1022,
      savingsCents: 0,
      feesCents: 995,
      taxCents: 81,
      totalCents: 2098,
      tender: { brand: 'Visa', lastFour: '4242' },
      paidAt: '2026-11-29T00:10:00.000Z',
      timezone: 'America/Los_Angeles',
    },
    subject: 'Your receipt for order C10000042',
    words: ['(for Oat Milk 64 oz)', '$0.81', '$20.98', 'Visa ending in 4242'],
  },
  'weekly-offers': {
    data: {
      firstName: 'Jordan',
      storeName: 'Pike Street',
      offers: [{ title: '$1 off Greek yogurt', detail: 'Any 32 oz tub' }],
      galleryUrl: 'http://localhost:3000/foru/coupons-deals.html',
      unsubscribeUrl: 'http://localhost:3000/account/unsubscribe.html?t=500001.abc',
    },
    subject: "This week's offers at Pike Street",
    words: ['$1 off Greek yogurt', 'Any 32 oz tub', 'Unsubscribe from offers emails', 'unsubscribe.html?t=500001.abc'],
  },
};

describe('mail templates', () => {
  it('has an example for every kind', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...MESSAGE_KINDS].sort());
  });

  it.each(MESSAGE_KINDS)('renders %s as plain text and as HTML in the banner’s name and colours', (kind) => {
    const example = EXAMPLES[kind];
    const banner = bannerDefinition('bayside')!;
    const message = renderMessage(kind, 'bayside', example.data);
    expect(message.subject).toBe(example.subject);
    expect(message.text.startsWith(banner.name)).toBe(true);
    expect(message.html).toContain(banner.name);
    expect(message.html).toContain(banner.colors.primary);
    expect(message.html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(message.text).not.toMatch(/<[a-z]/i);
    for (const words of example.words) {
      expect(message.text).toContain(words);
      expect(message.html).toContain(words.replaceAll('<', '&lt;').replaceAll('>', '&gt;'));
    }
  });

  it('uses each banner’s own name and colour', () => {
    const names = BANNERS.map((banner) => renderMessage('sign-in-code', banner.id, EXAMPLES['sign-in-code'].data));
    BANNERS.forEach((banner, index) => {
      expect(names[index]!.html).toContain(banner.colors.primary);
      expect(names[index]!.text).toContain(banner.name);
    });
  });

  it('escapes what it is given in the HTML version', () => {
    const message = renderMessage('order-placed', 'greenleaf', EXAMPLES['order-placed'].data);
    expect(message.html).toContain('Whole Milk &lt;1 gal&gt;');
    expect(message.html).not.toContain('<1 gal>');
    const reset = renderMessage('password-reset', 'greenleaf', EXAMPLES['password-reset'].data);
    expect(reset.html).toContain('href="http://localhost:3000/account/reset-password?token=abc&amp;x=1"');
    expect(reset.text).toContain('http://localhost:3000/account/reset-password?token=abc&x=1');
  });

  it('shows a promo code discount among the totals only when the order has one', () => {
    const data = EXAMPLES['order-placed'].data;
    expect(renderMessage('order-placed', 'greenleaf', data).text).not.toContain('Promo code');
    const withPromo = renderMessage('order-placed', 'greenleaf', { ...data, promoCents: 500 });
    expect(withPromo.text).toMatch(/Promo code.*-\$5\.00/);
  });

  it('refuses data that does not fit the kind', () => {
    expect(() => renderMessage('sign-in-code', 'greenleaf', { code: 'abc', minutes: 10 })).toThrow();
    expect(() => renderMessage('order-placed', 'greenleaf', { ...EXAMPLES['order-placed'].data, lines: [] })).toThrow();
    expect(() => renderMessage('password-reset', 'greenleaf', { link: 'not a url', minutes: 30 })).toThrow();
  });
});

describe('mail templates in Spanish', () => {
  const spanishT = serverT('es', 'mail');
  const spanish: MailWords = { language: 'es', t: (key, options) => spanishT(key, options) };

  it('writes every kind without an English sentence left, in an es document', () => {
    for (const kind of MESSAGE_KINDS) {
      const message = renderMessage(kind, 'greenleaf', EXAMPLES[kind].data, spanish);
      expect(message.subject, kind).not.toBe(EXAMPLES[kind].subject);
      expect(message.html, kind).toContain('<html lang="es">');
      expect(message.text, kind).toContain('Frescura del Noroeste, a domicilio.');
      expect(message.text, kind).not.toMatch(/\b(Your|the|with|you|and) /);
    }
  });

  it('words the delivery instructions in the recipient’s language, the note as the customer wrote it', () => {
    const data = {
      ...EXAMPLES['order-placed'].data,
      instructions: { gateCode: '4411', leaveAtDoor: true, deliveryNote: 'Ring twice' },
    };
    expect(renderMessage('order-placed', 'greenleaf', data, spanish).text).toContain(
      'Instrucciones de entrega: Código de acceso 4411 · Dejar en la puerta · Ring twice',
    );
    expect(renderMessage('order-placed', 'greenleaf', data).text).toContain(
      'Delivery instructions: Gate code 4411 · Leave at door · Ring twice',
    );
    const noteOnly = { ...data, instructions: { gateCode: '', leaveAtDoor: false, deliveryNote: 'Ring twice' } };
    expect(renderMessage('order-placed', 'greenleaf', noteOnly, spanish).text).toContain(
      'Instrucciones de entrega: Ring twice',
    );
    const none = { ...data, instructions: { gateCode: '', leaveAtDoor: false, deliveryNote: '' } };
    expect(renderMessage('order-placed', 'greenleaf', none, spanish).text).not.toContain('Instrucciones');
  });

  it('names the window in Spanish and picks the plural by the count', () => {
    const data = EXAMPLES['ready-for-pickup'].data as MessageData<'ready-for-pickup'>;
    const three = renderMessage('ready-for-pickup', 'greenleaf', data, spanish);
    expect(three.subject).toBe('Su pedido C10000042 está listo para recoger');
    expect(three.text).toContain('3 bolsas le esperan.');
    expect(three.text).toContain('sábado, 28 de noviembre');
    const one = renderMessage('ready-for-pickup', 'greenleaf', { ...data, bags: 1 }, spanish);
    expect(one.text).toContain('1 bolsa le espera.');
    expect(renderMessage('ready-for-pickup', 'greenleaf', { ...data, bags: 1 }).text).toContain(
      '1 bag is waiting for you.',
    );
  });
});
