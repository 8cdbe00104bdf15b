import type { BannerDefinition } from '~/modules/banners/banner-catalog';
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
  type TableRow,
} from './mail-layout';
import type { ParsedMessageData, RenderedMessage } from './message-kinds';

/** Order messages: placed, substitutions to approve, on its way, ready for pickup, the receipt. */

function totalsRows(data: {
  subtotalCents: number;
  savingsCents: number;
  promoCents?: number | undefined;
  feesCents: number;
  tipCents?: number | undefined;
  totalCents: number;
}) {
  const rows: TableRow[] = [{ label: 'Subtotal', value: money(data.subtotalCents) }];
  if (data.savingsCents > 0) rows.push({ label: 'Savings', value: money(-data.savingsCents) });
  if (data.promoCents) rows.push({ label: 'Promo code', value: money(-data.promoCents) });
  rows.push({ label: 'Fees', value: money(data.feesCents) });
  if (data.tipCents) rows.push({ label: 'Tip', value: money(data.tipCents) });
  return rows;
}

function lineRows(lines: { name: string; quantity: number; lineCents: number; substitutedFor?: string | null }[]) {
  return lines.map((line) => ({
    label: `${line.quantity} × ${line.name}${line.substitutedFor ? ` (for ${line.substitutedFor})` : ''}`,
    value: money(line.lineCents),
  }));
}

export function orderPlaced(banner: BannerDefinition, data: ParsedMessageData<'order-placed'>): RenderedMessage {
  const subject = `Your order ${data.orderNumber} is placed`;
  const when = formatWindow(data.window);
  const where =
    data.fulfilment === 'delivery'
      ? `We'll deliver it ${when}${data.address ? ` to ${data.address}` : ''}.`
      : `Pick it up at ${data.storeName}, ${when}.`;
  const rows = [
    ...lineRows(data.lines),
    ...totalsRows(data),
    { label: 'Total', value: money(data.totalCents), strong: true },
    ...(data.payment ? [{ label: 'Paid with', value: data.payment }] : []),
  ];
  const instructions = data.instructions ? `Delivery instructions: ${data.instructions}` : null;
  return {
    subject,
    text: textFrame(banner, [
      `Thanks for your order ${data.orderNumber}. ${where}`,
      ...(instructions ? [instructions] : []),
      '',
      ...textTable(rows),
      '',
      `See or change your order: ${data.orderUrl}`,
    ]),
    html: frame(
      banner,
      subject,
      paragraph(`Thanks for your order ${data.orderNumber}.`) +
        paragraph(where) +
        (instructions ? paragraph(instructions) : '') +
        htmlTable(rows) +
        button(banner, 'See or change your order', data.orderUrl),
    ),
  };
}

export function substitutionRequest(
  banner: BannerDefinition,
  data: ParsedMessageData<'substitution-request'>,
): RenderedMessage {
  const subject = `Substitutions for your order ${data.orderNumber}`;
  const items = data.substitutions.map(
    (item) => `${item.quantity} × ${item.offered} (${money(item.offeredUnitCents)} each) instead of ${item.requested}`,
  );
  const deadline = data.respondBy
    ? `If they don't suit you, tell us by ${formatWhen(data.respondBy, data.timezone)}; otherwise we'll bring them.`
    : "If they don't suit you, tell us before we pack your order.";
  const lead = 'A few items were out of stock, so we picked these instead:';
  return {
    subject,
    text: textFrame(banner, [
      lead,
      ...items.map((item) => `- ${item}`),
      '',
      deadline,
      `Review them: ${data.respondUrl}`,
    ]),
    html: frame(
      banner,
      subject,
      paragraph(lead) +
        `<ul style="margin:0 0 16px;padding-left:20px">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` +
        paragraph(deadline) +
        button(banner, 'Review substitutions', data.respondUrl),
    ),
  };
}

export function outForDelivery(banner: BannerDefinition, data: ParsedMessageData<'out-for-delivery'>): RenderedMessage {
  const subject = `Your order ${data.orderNumber} is on its way`;
  const lead = `Your order ${data.orderNumber} is out for delivery to ${data.address}. It arrives ${formatWindow(data.window)}.`;
  return {
    subject,
    text: textFrame(banner, [lead, ...(data.trackUrl ? ['', `Follow it: ${data.trackUrl}`] : [])]),
    html: frame(
      banner,
      subject,
      paragraph(lead) + (data.trackUrl ? button(banner, 'Follow your delivery', data.trackUrl) : ''),
    ),
  };
}

export function readyForPickup(banner: BannerDefinition, data: ParsedMessageData<'ready-for-pickup'>): RenderedMessage {
  const subject = `Your order ${data.orderNumber} is ready for pickup`;
  const lead = `Your order ${data.orderNumber} is ready at ${data.storeName}, ${data.storeAddress}.`;
  const when = `Pick it up ${formatWindow(data.window)}.`;
  const bags = data.bags ? `${data.bags} ${data.bags === 1 ? 'bag is' : 'bags are'} waiting for you.` : null;
  return {
    subject,
    text: textFrame(banner, [[lead, when, bags].filter(Boolean).join(' ')]),
    html: frame(banner, subject, paragraph(lead) + paragraph(when) + (bags ? paragraph(bags) : '')),
  };
}

export function receipt(banner: BannerDefinition, data: ParsedMessageData<'receipt'>): RenderedMessage {
  const subject = `Your receipt for order ${data.orderNumber}`;
  const rows = [
    ...lineRows(data.lines),
    ...totalsRows(data),
    ...(data.taxCents === null ? [] : [{ label: 'Tax', value: money(data.taxCents) }]),
    { label: 'Total', value: money(data.totalCents), strong: true },
  ];
  const paid = `Paid ${formatWhen(data.paidAt, data.timezone)}${
    data.tender ? ` with ${data.tender.brand} ending in ${data.tender.lastFour}` : ''
  }.`;
  return {
    subject,
    text: textFrame(banner, [
      `Receipt for order ${data.orderNumber}`,
      '',
      ...textTable(rows),
      '',
      paid,
      ...(data.receiptUrl ? ['', `See it online: ${data.receiptUrl}`] : []),
    ]),
    html: frame(
      banner,
      subject,
      paragraph(`Receipt for order ${data.orderNumber}`) +
        htmlTable(rows) +
        paragraph(paid) +
        (data.receiptUrl ? button(banner, 'See your receipt', data.receiptUrl) : ''),
    ),
  };
}
