// The service's own rules for every OAuth client, registered or read from its metadata document,
// run by oidc-provider each time it builds a client (its `extraClientMetadata` validator): redirect
// URIs (lib/mcp/redirect-uris.ts), answers in the query only, no sector identifier to fetch.
import { redirectUriProblem } from '../../lib/mcp/redirect-uris.ts';
import { OFFER } from './metadata.ts';

/** The provider's InvalidClientMetadata: a description starting `redirect_uris` is `invalid_redirect_uri`. */
type InvalidMetadata = new (description: string) => Error;

export function clientRules(Invalid: InvalidMetadata) {
  const modes: readonly string[] = OFFER.responseModes;
  return (_ctx: unknown, key: string, value: unknown): void => {
    if (key === 'redirect_uris' && Array.isArray(value)) {
      for (const uri of value) {
        const problem = redirectUriProblem(uri);
        if (problem) throw new Invalid(`redirect_uris: ${JSON.stringify(uri)} ${problem}`);
      }
    }
    if (key === 'response_modes' && Array.isArray(value) && value.some((m) => !modes.includes(m))) {
      throw new Invalid(`response_modes can only contain ${modes.map((m) => `"${m}"`).join(', ')}`);
    }
    if (key === 'sector_identifier_uri' && value !== undefined) throw new Invalid('sector_identifier_uri is not supported (subject identifiers are public)');
  };
}
