/**
 * What a visitor reads once a form has been received, in the browser (toasts, the warranty's
 * confirmation) and on the page the intake server answers a form sent without JavaScript. The toasts'
 * words are the spec's (../shared/spec/site-spec.md §8); the warranty's are this site's (the spec does
 * not show that screen).
 */
export const RECEIVED = {
  contact: { title: 'Form submitted successfully', next: 'Our team will get back to you.' },
  enquiry: {
    title: 'Your enquiry has been received.',
    next: "We'll be in touch within 24 hours.",
  },
  warranty: {
    title: 'Your warranty has been activated.',
    next: 'Keep this reference: quote it if you ever need to make a claim.',
  },
} as const

/** How the reference the intake API returned is introduced. */
export const REFERENCE_LABEL = 'Your reference'
