// The guest comment form on /pub/<id>: open a guest session, then post the comment as JSON with the
// session's CSRF value. Served from this origin (the page's CSP allows no inline script).
// crypto.randomUUID needs a secure context; getRandomValues works on plain-HTTP deployments too.
function requestId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

document.addEventListener('DOMContentLoaded', () => {
  const form = document.getElementById('guest-comment');
  if (!form) return;
  const status = document.getElementById('guest-status');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    status.textContent = 'Sending...';
    try {
      const session = await (await fetch('/api/pub/human-session', { credentials: 'same-origin' })).json();
      const body = { nickname: String(data.get('nickname') || ''), comment: String(data.get('comment') || ''), request_id: requestId() };
      const res = await fetch(form.dataset.action, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': session.csrf },
        body: JSON.stringify(body),
      });
      const answer = await res.json();
      if (res.ok) {
        status.textContent = 'Thank you: your comment was posted.';
        form.reset();
      } else {
        status.textContent = answer && answer.error ? answer.error.message : 'The comment could not be posted.';
      }
    } catch {
      status.textContent = 'The comment could not be posted.';
    }
  });
});
