// The public booking forms' defence against bots (decision 027): the honeypot, the signed render time and the proof of
// work in `bot-check.ts`, altcha's challenges and the spent-challenge store in `challenges.ts`. The reservation
// request, the booking calendar and the waitlist join call it through this file; the instance runs the job.
export { createBotCheck } from './bot-check.ts';
export { expiredBookingChallengesJob } from './challenges.ts';
