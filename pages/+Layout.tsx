// https://vike.dev/Layout
import type { ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { Footer } from '../components/Footer.tsx'
import { Header } from '../components/Header.tsx'
import { showsFooter, showsHeader } from '../lib/routes.ts'
import './global.css'

export function Layout({ children }: { children: ReactNode }) {
  const { urlPathname, is404 } = usePageContext()
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {showsHeader(urlPathname) && <Header />}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {!is404 && showsFooter(urlPathname) && <Footer />}
    </>
  )
}
