import { api } from '../../app/api';
import { createTransparencyApi } from './transparencyApi';

export const transparencyApi = createTransparencyApi(api);

let publishedKey: Promise<string> | undefined;
/** The platform's checkpoint key as it publishes it (read once a page load). */
export function platformKey(): Promise<string> {
  publishedKey ??= transparencyApi.checkpoints('scoring').then((answer) => answer.publicKey);
  publishedKey.catch(() => (publishedKey = undefined));
  return publishedKey;
}
