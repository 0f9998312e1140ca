/**
 * A short text (up to 16 characters) on one line beside the long ones in a table's narrow column: "Team ·
 * Owls 猫头鹰" and "Owls / 猫头鹰" broke at 1366 px (issue 35); a longer one wraps as its column needs (an
 * event type such as "Real-name verification submitted" at its spaces, so that a time keeps its line).
 */
export function ShortOnOneLine({ text }: { text: string }) {
  return <span style={text.length <= 16 ? { whiteSpace: 'nowrap' } : undefined}>{text}</span>;
}
