// https://vike.dev/Layout

import { site } from 'virtual:site'
import { type ReactNode, Suspense } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { BackToTop } from '../components/BackToTop.tsx'
import { Footer } from '../components/Footer.tsx'
import { Header } from '../components/Header.tsx'
import { HydrationMark } from '../components/HydrationMark.tsx'
import { ToastHost } from '../components/ToastHost.tsx'
import { useScrollAnimations } from '../components/useScrollAnimations.ts'
import { showsFooter, showsHeader } from '../lib/pages.ts'
import './shell.css'

/**
 * The frame of every page: skip link, header (not on the contact screens), the page, the footer (known
 * routes only, never the not-found screen), the Back to top button and the toaster. Each of header,
 * page and footer gets `data-hydrated` once its boundary has hydrated (tests/e2e/hydrated.ts waits on it).
 */
export function Layout({ children }: { children: ReactNode }) {
  const { urlPathname, is404 } = usePageContext()
  useScrollAnimations()
  const withHeader = showsHeader(urlPathname)
  return (
    <div id="top" tabIndex={-1} className={withHeader ? 'shell shell--with-header' : 'shell'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {withHeader && (
        <Suspense>
          <Header company={site.company} products={site.menu} pathname={urlPathname} />
          <HydrationMark selector=".shell > header" />
        </Suspense>
      )}
      <main id="main" tabIndex={-1}>
        <Suspense>
          {children}
          <HydrationMark selector="#main" />
        </Suspense>
      </main>
      {!is404 && showsFooter(urlPathname) && (
        <Suspense>
          <Footer company={site.company} contact={site.contact} year={new Date().getFullYear()} />
          <HydrationMark selector=".shell > footer" />
        </Suspense>
      )}
      <BackToTop />
      <ToastHost />
    </div>
  )
}
