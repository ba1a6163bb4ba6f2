// The service's own page for an authorization request it refuses before a person has seen it
// (RFC 9700 §4.11.2): the error is shown here and the browser is not sent to the client's redirect
// URI, which nothing has vouched for yet.
import { ClientMetadataRefusal } from '../../lib/mcp/client-metadata.ts';
import { html, page } from '../../lib/text/html.ts';

type ErrorOut = { error: string; error_description?: string };

export function authorizationErrorPage(out: ErrorOut, error: unknown): string {
  // A client metadata document that could not be read: say why, without the fetch's own details.
  const cause = (error as { cause?: unknown } | null)?.cause;
  const why = cause instanceof ClientMetadataRefusal ? cause.message : null;
  return page(
    'Request refused',
    html`<h1>This request to link an assistant was refused</h1>
<p class="error" role="alert"><code>${out.error}</code>${out.error_description ? html`: ${out.error_description}` : ''}${why ? html` (${why})` : ''}</p>
<p>The request did not pass the authorization server's checks, so you were not sent back to the assistant: nothing about the request is trusted before you have seen it on this service's consent page. Nothing was linked. Start again from your assistant, or tell its maker what this page says.</p>
<p class="meta">How assistants connect: <a href="/docs/mcp">/docs/mcp</a>.</p>`,
  );
}
