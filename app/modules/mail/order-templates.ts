import type { BannerDefinition } from '~/modules/banners/banner-catalog';
import { instructionsText } from '~/modules/orders/delivery-instructions';
import {
  button,
  escapeHtml,
  formatWhen,
  formatWindow,
  frame,
  htmlTable,
  money,
  paragraph,
  textFrame,
  textTable,
  type MailWords,
  type TableRow,
} from './mail-layout';
import type { ParsedMessageData, RenderedMessage } from './message-kinds';

/** Order messages: placed, substitutions to approve, on its way, ready for pickup, the receipt. */

function totalsRows(
  data: {
    subtotalCents: number;
    savingsCents: number;
    promoCents?: number | undefined;
    feesCents: number;
    tipCents?: number | undefined;
    totalCents: number;
  },
  { t }: MailWords,
) {
  const rows: TableRow[] = [{ label: t('Subtotal'), value: money(data.subtotalCents) }];
  if (data.savingsCents > 0) rows.push({ label: t('Savings'), value: money(-data.savingsCents) });
  if (data.promoCents) rows.push({ label: t('Promo code'), value: money(-data.promoCents) });
  rows.push({ label: t('Fees'), value: money(data.feesCents) });
  if (data.tipCents) rows.push({ label: t('Tip'), value: money(data.tipCents) });
  return rows;
}

function lineRows(
  lines: { name: string; quantity: number; lineCents: number; substitutedFor?: string | null }[],
  { t }: MailWords,
) {
  return lines.map((line) => ({
    label: `${line.quantity} × ${line.name}${line.substitutedFor ? ` ${t('(for {{item}})', { item: line.substitutedFor })}` : ''}`,
    value: money(line.lineCents),
  }));
}

export function orderPlaced(
  banner: BannerDefinition,
  data: ParsedMessageData<'order-placed'>,
  words: MailWords,
): RenderedMessage {
  const { t } = words;
  const order = data.orderNumber;
  const subject = t('Your order {{order}} is placed', { order });
  const when = formatWindow(data.window, words);
  const where =
    data.fulfilment === 'delivery'
      ? data.address
        ? t("We'll deliver it {{when}} to {{address}}.", { when, address: data.address })
        : t("We'll deliver it {{when}}.", { when })
      : t('Pick it up at {{store}}, {{when}}.', { store: data.storeName, when });
  const rows = [
    ...lineRows(data.lines, words),
    ...totalsRows(data, words),
    { label: t('Total'), value: money(data.totalCents), strong: true },
    ...(data.payment ? [{ label: t('Paid with'), value: data.payment }] : []),
  ];
  // The gate code and "leave at door" in the recipient's language; the customer's own note as they wrote it.
  const driverLine = data.instructions ? instructionsText(data.instructions, t) : '';
  const instructions = driverLine ? t('Delivery instructions: {{instructions}}', { instructions: driverLine }) : null;
  const thanks = t('Thanks for your order {{order}}.', { order });
  return {
    subject,
    text: textFrame(
      banner,
      [
        `${thanks} ${where}`,
        ...(instructions ? [instructions] : []),
        '',
        ...textTable(rows),
        '',
        t('See or change your order: {{url}}', { url: data.orderUrl }),
      ],
      words,
    ),
    html: frame(
      banner,
      subject,
      paragraph(thanks) +
        paragraph(where) +
        (instructions ? paragraph(instructions) : '') +
        htmlTable(rows) +
        button(banner, t('See or change your order'), data.orderUrl),
      words,
    ),
  };
}

export function substitutionRequest(
  banner: BannerDefinition,
  data: ParsedMessageData<'substitution-request'>,
  words: MailWords,
): RenderedMessage {
  const { t } = words;
  const subject = t('Substitutions for your order {{order}}', { order: data.orderNumber });
  const items = data.substitutions.map((item) =>
    t('{{quantity}} × {{offered}} ({{price}} each) instead of {{requested}}', {
      quantity: item.quantity,
      offered: item.offered,
      price: money(item.offeredUnitCents),
      requested: item.requested,
    }),
  );
  const deadline = data.respondBy
    ? t("If they don't suit you, tell us by {{when}}; otherwise we'll bring them.", {
        when: formatWhen(data.respondBy, data.timezone, words),
      })
    : t("If they don't suit you, tell us before we pack your order.");
  const lead = t('A few items were out of stock, so we picked these instead:');
  return {
    subject,
    text: textFrame(
      banner,
      [lead, ...items.map((item) => `- ${item}`), '', deadline, t('Review them: {{url}}', { url: data.respondUrl })],
      words,
    ),
    html: frame(
      banner,
      subject,
      paragraph(lead) +
        `<ul style="margin:0 0 16px;padding-left:20px">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` +
        paragraph(deadline) +
        button(banner, t('Review substitutions'), data.respondUrl),
      words,
    ),
  };
}

export function outForDelivery(
  banner: BannerDefinition,
  data: ParsedMessageData<'out-for-delivery'>,
  words: MailWords,
): RenderedMessage {
  const { t } = words;
  const subject = t('Your order {{order}} is on its way', { order: data.orderNumber });
  const lead = t('Your order {{order}} is out for delivery to {{address}}. It arrives {{when}}.', {
    order: data.orderNumber,
    address: data.address,
    when: formatWindow(data.window, words),
  });
  return {
    subject,
    text: textFrame(
      banner,
      [lead, ...(data.trackUrl ? ['', t('Follow it: {{url}}', { url: data.trackUrl })] : [])],
      words,
    ),
    html: frame(
      banner,
      subject,
      paragraph(lead) + (data.trackUrl ? button(banner, t('Follow your delivery'), data.trackUrl) : ''),
      words,
    ),
  };
}

export function readyForPickup(
  banner: BannerDefinition,
  data: ParsedMessageData<'ready-for-pickup'>,
  words: MailWords,
): RenderedMessage {
  const { t } = words;
  const subject = t('Your order {{order}} is ready for pickup', { order: data.orderNumber });
  const lead = t('Your order {{order}} is ready at {{store}}, {{address}}.', {
    order: data.orderNumber,
    store: data.storeName,
    address: data.storeAddress,
  });
  const when = t('Pick it up {{when}}.', { when: formatWindow(data.window, words) });
  const bags = data.bags ? t('{{count}} bags are waiting for you.', { count: data.bags }) : null;
  return {
    subject,
    text: textFrame(banner, [[lead, when, bags].filter(Boolean).join(' ')], words),
    html: frame(banner, subject, paragraph(lead) + paragraph(when) + (bags ? paragraph(bags) : ''), words),
  };
}

export function receipt(
  banner: BannerDefinition,
  data: ParsedMessageData<'receipt'>,
  words: MailWords,
): RenderedMessage {
  const { t } = words;
  const order = data.orderNumber;
  const subject = t('Your receipt for order {{order}}', { order });
  const rows = [
    ...lineRows(data.lines, words),
    ...totalsRows(data, words),
    ...(data.taxCents === null ? [] : [{ label: t('Tax'), value: money(data.taxCents) }]),
    { label: t('Total'), value: money(data.totalCents), strong: true },
  ];
  const when = formatWhen(data.paidAt, data.timezone, words);
  const paid = data.tender
    ? t('Paid {{when}} with {{brand}} ending in {{lastFour}}.', {
        when,
        brand: data.tender.brand,
        lastFour: data.tender.lastFour,
      })
    : t('Paid {{when}}.', { when });
  const heading = t('Receipt for order {{order}}', { order });
  return {
    subject,
    text: textFrame(
      banner,
      [
        heading,
        '',
        ...textTable(rows),
        '',
        paid,
        ...(data.receiptUrl ? ['', t('See it online: {{url}}', { url: data.receiptUrl })] : []),
      ],
      words,
    ),
    html: frame(
      banner,
      subject,
      paragraph(heading) +
        htmlTable(rows) +
        paragraph(paid) +
        (data.receiptUrl ? button(banner, t('See your receipt'), data.receiptUrl) : ''),
      words,
    ),
  };
}
