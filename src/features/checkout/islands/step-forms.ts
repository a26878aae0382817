/** The forms of checkout steps 2 to 4, fetched together as one piece once the visitor is on the way past Login. */
export { default as ProfileAndSurvey } from './ProfileAndSurvey.tsx';
export { default as WaiverStep } from './WaiverStep.tsx';
export { default as PaymentStep } from './payment/PaymentStep.tsx';
