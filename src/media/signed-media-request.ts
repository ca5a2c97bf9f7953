import { ApiException } from '../common/errors/api-exception';
import { MediaUrlSigner, MediaUrlPurpose } from './media-url-signer';

/** `med_x.jpg` → `med_x`; anything else undefined. */
function mediaIdOf(file: string): string | undefined {
  return /^(med_[0-9A-Za-z]{1,40})\.[a-z0-9]{1,5}$/.exec(file)?.[1];
}

/** The medium a signed upload or file URL opens, or the 401 that says why it does not. */
export function signedMediaId(
  signer: MediaUrlSigner,
  purpose: MediaUrlPurpose,
  file: string,
  query: { expires?: string; signature?: string },
): string {
  const id = mediaIdOf(file);
  const check = id ? signer.check(purpose, id, query.expires, query.signature) : undefined;
  if (id && check?.ok) return id;
  const expired = check?.ok === false && check.reason === 'expired';
  const what = purpose === 'upload' ? 'upload URL' : 'media URL';
  throw new ApiException(
    'unauthorized',
    expired
      ? `The ${what} has expired${purpose === 'upload' ? ': create the medium again' : ''}`
      : `The ${what} is not valid (its signature does not match)`,
  );
}
