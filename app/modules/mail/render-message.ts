import { bannerDefinition, BANNERS, type BannerDefinition } from '~/modules/banners/banner-catalog';
import * as account from './account-templates';
import { ENGLISH_WORDS, type MailWords } from './mail-layout';
import { MESSAGE_DATA, type MessageKind, type ParsedMessageData, type RenderedMessage } from './message-kinds';
import * as order from './order-templates';
import * as marketing from './marketing-templates';

type Template<K extends MessageKind> = (
  banner: BannerDefinition,
  data: ParsedMessageData<K>,
  words: MailWords,
) => RenderedMessage;

const TEMPLATES: { [K in MessageKind]: Template<K> } = {
  'sign-in-code': account.signInCode,
  'verification-code': account.verificationCode,
  'password-reset': account.passwordReset,
  welcome: account.welcome,
  'account-exists': account.accountExists,
  'email-changed': account.emailChanged,
  'password-changed': account.passwordChanged,
  'order-placed': order.orderPlaced,
  'substitution-request': order.substitutionRequest,
  'out-for-delivery': order.outForDelivery,
  'ready-for-pickup': order.readyForPickup,
  receipt: order.receipt,
  'weekly-offers': marketing.weeklyOffers,
};

/**
 * Checks the data against the kind's shape (throws a ZodError when it does not fit) and renders both versions, in
 * the words given (English unless the recipient chose another language).
 */
export function renderMessage<K extends MessageKind>(
  kind: K,
  bannerId: string,
  data: unknown,
  words: MailWords = ENGLISH_WORDS,
): RenderedMessage {
  const banner = bannerDefinition(bannerId) ?? BANNERS[0]!;
  const parsed = MESSAGE_DATA[kind].parse(data) as ParsedMessageData<K>;
  return (TEMPLATES[kind] as Template<K>)(banner, parsed, words);
}
