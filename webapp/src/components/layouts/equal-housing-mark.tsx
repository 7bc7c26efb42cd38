/** The equal housing opportunity symbol: a house with an equals sign. */
export function EqualHousingMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 3 2 12v3h2v14h24V15h2v-3z" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round" />
      <rect x="10" y="15" width="12" height="3" fill="currentColor" />
      <rect x="10" y="21" width="12" height="3" fill="currentColor" />
    </svg>
  );
}
