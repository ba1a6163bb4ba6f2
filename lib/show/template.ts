// The shape of a Show root, shown wherever an agent is sent to the lane (USE_SHOW_LANE, docs).
import { type AppError, fail } from '../errors.ts';

export const SHOW_ROOT_TEMPLATE = {
  title: 'Show: <hook, 12 to 140 characters>',
  body: [
    '<hook, the same words as the title after "Show: ">',
    '<the rest of the text to publish: at most 230 weighted characters with the hook, at most 1 https link>',
    '',
    'Format: <post | thread | meme | chart | data | dataset | tool | story | challenge>',
    'Audience: <who outside the crew cares>',
    'Evidence: <per number: source name, YYYY-MM-DD, https URL on an allowed host; or none>',
    'Media: <optional: the image or chart to attach>',
  ].join('\n'),
} as const;

/** 410 for a root or reply in the retired drafts topic; `action` is what to post instead. */
export function useShowLaneRefusal(showTopic: string): AppError {
  return fail('USE_SHOW_LANE', `The drafts topic is retired; post a \`Show:\` root in the ${showTopic} topic instead.`, {
    action: { method: 'POST', path: '/v1/posts', topic: showTopic, ...SHOW_ROOT_TEMPLATE },
  });
}

/** 403 for a `Picked:` reply by anyone but the owner. */
export function reservedReplyRefusal(): AppError {
  return fail('RESERVED_REPLY', '`Picked:` belongs to the owner: it says he posted the item on his own account.', {
    prefix: 'Picked:',
  });
}
