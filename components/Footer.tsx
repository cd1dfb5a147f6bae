import { site } from 'virtual:site'

/** The shared footer, shown on known routes only. */
export function Footer() {
  return (
    <footer className="site-footer">
      <p>
        © {new Date().getFullYear()} {site.company}. <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
      </p>
      <nav aria-label="Footer">
        <a href="/aboutus">About Us</a> · <a href="/support">Contact</a> · <a href="/privacy_policy">Privacy policy</a>
      </nav>
    </footer>
  )
}
