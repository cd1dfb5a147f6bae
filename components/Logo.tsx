/** The company mark: a stylised circuit node in the brand colours, with the company name beside it. */
export function Logo({ company, tone = 'dark' }: { company: string; tone?: 'dark' | 'light' }) {
  return (
    <span className={`logo logo--${tone}`}>
      <svg
        className="logo__mark"
        viewBox="0 0 40 40"
        width="36"
        height="36"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="40" height="40" rx="10" fill={tone === 'light' ? '#1d3a66' : '#0b1f3a'} />
        <path
          d="M11 29V11l9 9 9-9v18"
          fill="none"
          stroke="#00a6a6"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="20" cy="20" r="3" fill="#f59e0b" />
      </svg>
      <span className="logo__name">{company}</span>
    </span>
  )
}
