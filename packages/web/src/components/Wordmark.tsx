interface WordmarkProps {
  /** Height of the mark in pixels; the text scales with it. */
  size?: number;
  /** Colour of the word; the mark keeps the brand colours. */
  color?: string;
}

/** The Rama logo: a small bar-chart mark and the word "Rama". */
export function Wordmark({ size = 28, color = 'var(--rama-wordmark)' }: WordmarkProps) {
  const width = Math.round(size * 3.6);
  return (
    <svg
      role="img"
      aria-label="Rama"
      width={width}
      height={size}
      viewBox="0 0 108 30"
      xmlns="http://www.w3.org/2000/svg"
      className="rama-wordmark"
    >
      <rect x="0" y="1" width="28" height="28" rx="6" fill="#1f7a8c" />
      <rect x="6" y="15" width="4" height="9" rx="1" fill="#fff" />
      <rect x="12" y="10" width="4" height="14" rx="1" fill="#fff" />
      <rect x="18" y="6" width="4" height="18" rx="1" fill="#bfe3ea" />
      <text
        x="36"
        y="23"
        fill={color}
        fontFamily="-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
        fontSize="22"
        fontWeight="700"
        letterSpacing="0.5"
      >
        Rama
      </text>
    </svg>
  );
}
