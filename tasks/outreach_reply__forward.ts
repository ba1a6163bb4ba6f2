// outreach_reply__forward: payload {id}. See lib/outreach/forward.ts for the exactly-once rules.
// The job is idempotent: a row not in the state this task acts on is left alone.
import { forwardReply } from '../lib/outreach/forward.ts';
import { deliveryTask } from './delivery-task.ts';

export default deliveryTask('outreach_reply__forward', forwardReply);
