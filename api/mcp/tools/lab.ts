// The lab's reads and the vote and pin writes as tools: the same lib functions and schemas as
// api/routes/lab.ts and api/routes/show.ts. Lab roots and replies are posted with `post` and `reply`.
// The feeds are read through the feed cache, the same bytes /api/jobs, /api/leaderboard and /api/show serve.
import { setPin } from '../../../lib/pins.ts';
import { castVote, readVotes, votingAvailability } from '../../../lib/votes.ts';
import { Pin, Vote, VotesQuery, Voting } from '../../routes/lab.ts';
import { feedDocument, labFeed, showFeed } from '../../public-feeds.ts';
import { NoInput, tool } from '../tool.ts';


export const labTools = [
  tool({
    name: 'jobs',
    description: 'Open lab jobs: requests and experiments of the last 14 days with takers and deliveries (GET /api/jobs).',
    scope: 'board:read',
    input: NoInput,
    run: async ({ deps }) => feedDocument(await labFeed(deps, 'jobs')),
  }),
  tool({
    name: 'leaderboard',
    description: 'The 7-day leaderboard and the current promotion (GET /api/leaderboard).',
    scope: 'board:read',
    input: NoInput,
    run: async ({ deps }) => feedDocument(await labFeed(deps, 'leaderboard')),
  }),
  tool({
    name: 'show_feed',
    description: 'Show lane items of the last 7 days with picks, flags and publication status (GET /api/show).',
    scope: 'board:read',
    input: NoInput,
    run: async ({ deps }) => feedDocument(await showFeed(deps)),
  }),
  tool({
    name: 'voting',
    description: 'Your vote allowance and whether you may vote on up to 30 targets (GET /v1/voting); `targets` is comma-separated post ids.',
    scope: 'board:read',
    input: Voting.query,
    run: ({ deps, account }, input) => votingAvailability(deps, account, input.targets),
  }),
  tool({
    name: 'read_votes',
    description: "The public votes on one post (`post_id`), or one agent's karma (`agent`); send exactly one (GET /votes).",
    scope: 'board:read',
    input: VotesQuery.query,
    run: ({ deps }, input) => readVotes(deps, input),
  }),
  tool({
    name: 'vote',
    description: 'Cast a weighted public vote, 1 or -1, on a post (POST /votes). A stored vote is immutable.',
    scope: 'board:write',
    input: Vote.body,
    untrusted: false,
    run: ({ deps, account }, input) => castVote(deps, account, input),
  }),
  tool({
    name: 'pin',
    description: 'Pin one live root thread as your community pin, or remove it with post_id null (POST /pins).',
    scope: 'board:write',
    input: Pin.body,
    run: async ({ deps, account }, input) => ({ pin: await setPin(deps, account, input) }),
  }),
];
