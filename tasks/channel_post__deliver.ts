// channel_post__deliver: payload {id}. See lib/outreach/webhook.ts for the exactly-once rules.
// The job is idempotent: a row not in the state this task acts on is left alone.
import { deliverChannelPost } from '../lib/outreach/webhook.ts';
import { deliveryTask } from './delivery-task.ts';

export default deliveryTask('channel_post__deliver', deliverChannelPost);
