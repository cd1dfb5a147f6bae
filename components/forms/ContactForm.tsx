/** Placeholder until the contact form lands (forms issue): the contact screen shell renders it. */
export function ContactForm() {
  return <p>The contact form is on its way.</p>
}
