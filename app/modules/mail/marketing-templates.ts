import type { BannerDefinition } from '~/modules/banners/banner-catalog';
import { button, escapeHtml, frame, paragraph, textFrame, type MailWords } from './mail-layout';
import type { ParsedMessageData, RenderedMessage } from './message-kinds';

const WHY = 'You get this email because you have an account with us and did not unsubscribe from offers emails.';

/** A marketing message's footer: why it came, and the one link that stops it (spec section 7, unsubscribe). */
function unsubscribeFooter(url: string, { t }: MailWords) {
  const why = t(WHY);
  const unsubscribe = t('Unsubscribe from offers emails');
  return {
    text: ['', why, t('Unsubscribe from offers emails: {{url}}', { url })],
    html:
      `<p style="margin:24px 0 0;font-size:12px;line-height:1.5;color:#57534e">${escapeHtml(why)} ` +
      `<a href="${escapeHtml(url)}" style="color:#57534e">${escapeHtml(unsubscribe)}</a>.</p>`,
  };
}

export function weeklyOffers(
  banner: BannerDefinition,
  data: ParsedMessageData<'weekly-offers'>,
  words: MailWords,
): RenderedMessage {
  const { t } = words;
  const subject = t("This week's offers at {{store}}", { store: data.storeName });
  const greeting = data.firstName ? t('Hi {{firstName}},', { firstName: data.firstName }) : t('Hi,');
  const lead = t('Here is what is new to clip at {{store}}. Clip an offer and it comes off at checkout.', {
    store: data.storeName,
  });
  const footer = unsubscribeFooter(data.unsubscribeUrl, words);
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
    text: textFrame(
      banner,
      [
        greeting,
        '',
        lead,
        '',
        ...data.offers.map((offer) => `- ${offer.title}${offer.detail ? ` — ${offer.detail}` : ''}`),
        '',
        t('See every offer: {{url}}', { url: data.galleryUrl }),
        ...footer.text,
      ],
      words,
    ),
    html: frame(
      banner,
      subject,
      paragraph(greeting) +
        paragraph(lead) +
        `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${items}</ul>` +
        button(banner, t('See every offer'), data.galleryUrl) +
        footer.html,
      words,
    ),
  };
}
