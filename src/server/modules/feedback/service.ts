// Feedback after the visit (issue 47, item 5): what other modules may use.
export { feedbackJob, sendDueFeedbackRequests } from './requests.ts';
export { mintFeedbackToken } from './links.ts';
