/**
 * A PNG shown in a Teams thread: an Adaptive Card with the title and an Image whose url is the PNG as a base64
 * data URI (Teams renders data URIs in card images; a bot has no upload API outside 1:1 chats). The card stays
 * under the card size limit; a larger image is refused before anything is sent.
 */
import { TeamsApiError } from './errors.js';
import { CARD_SCHEMA, TEAMS_LIMITS, jsonBytes, type TeamsMessage } from './render/limits.js';
import { clean } from './render/text.js';
import type { Translate } from '../../i18n/index.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** `t`: the thread's language, for the title of an untitled picture. */
export function imageMessage(png: Buffer, title: string, t: Translate): TeamsMessage {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new TeamsApiError('image', undefined, 'not_a_png');
  const shown = clean(title, 200) || t('teams:imageTitle');
  const card: TeamsMessage['card'] = {
    type: 'AdaptiveCard',
    $schema: CARD_SCHEMA,
    version: '1.5',
    body: [
      { type: 'TextBlock', text: shown, weight: 'Bolder', wrap: true },
      { type: 'Image', url: `data:image/png;base64,${png.toString('base64')}`, altText: shown, size: 'Stretch' },
    ],
    msteams: { width: 'Full' },
  };
  if (jsonBytes(card) > TEAMS_LIMITS.cardBytes) throw new TeamsApiError('image', 413, 'image_too_large');
  return { summary: shown, card };
}
