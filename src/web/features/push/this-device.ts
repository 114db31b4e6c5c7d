// What other features may know of push: whether this browser receives the staff alerts.
export { usePushSubscription } from './api/get-push-subscription';
