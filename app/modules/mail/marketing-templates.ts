import type { BannerDefinition } from '~/modules/banners/banner-catalog';
import { button, escapeHtml, frame, paragraph, textFrame } from './mail-layout';
import type { ParsedMessageData, RenderedMessage } from './message-kinds';

const WHY = 'You get this email because you have an account with us and did not unsubscribe from offers emails.';

/** A marketing message's footer: why it came, and the one link that stops it (spec section 7, unsubscribe). */
function unsubscribeFooter(url: string) {
  return {
    text: ['', WHY, `Unsubscribe from offers emails: ${url}`],
    html:
      `<p style="margin:24px 0 0;font-size:12px;line-height:1.5;color:#57534e">${escapeHtml(WHY)} ` +
      `<a href="${escapeHtml(url)}" style="color:#57534e">Unsubscribe from offers emails</a>.</p>`,
  };
}

export function weeklyOffers(banner: BannerDefinition, data: ParsedMessageData<'weekly-offers'>): RenderedMessage {
  const subject = `This week's offers at ${data.storeName}`;
  const greeting = data.firstName ? `Hi ${data.firstName},` : 'Hi,';
  const lead = `Here is what is new to clip at ${data.storeName}. Clip an offer and it comes off at checkout.`;
  const footer = unsubscribeFooter(data.unsubscribeUrl);
  const items = data.offers
    .map(
      (offer) =>
        `<li style="margin:0 0 8px"><strong>${escapeHtml(offer.title)}</strong>` +
        (offer.detail ? ` — ${escapeHtml(offer.detail)}` : '') +
        '</li>',
    )
    .join('');
  return {
    subject,
    text: textFrame(banner, [
      greeting,
      '',
      lead,
      '',
      ...data.offers.map((offer) => `- ${offer.title}${offer.detail ? ` — ${offer.detail}` : ''}`),
      '',
      `See every offer: ${data.galleryUrl}`,
      ...footer.text,
    ]),
    html: frame(
      banner,
      subject,
      paragraph(greeting) +
        paragraph(lead) +
        `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${items}</ul>` +
        button(banner, 'See every offer', data.galleryUrl) +
        footer.html,
    ),
  };
}
