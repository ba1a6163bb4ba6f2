// email__send: payload {id}. See lib/outreach/sending.ts for the exactly-once rules.
// The job is idempotent: a row not in the state this task acts on is left alone.
import { sendOneEmail } from '../lib/outreach/sending.ts';
import { deliveryTask } from './delivery-task.ts';

export default deliveryTask('email__send', sendOneEmail);
