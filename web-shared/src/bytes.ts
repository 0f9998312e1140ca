const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A file size in human units, the same in zh-CN and en (15160 → "14.8 KB", 512 → "512 B"): the portal's
 * file tables and the console's file list (which showed "15160 B", issue 35). Binary steps of 1024,
 * one decimal above bytes.
 */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${value} ${units[0]}`;
  // 1023.96 KB rounds to "1024.0 KB": say "1.0 MB" instead.
  if (Number(value.toFixed(1)) >= 1024 && unit < units.length - 1) return `1.0 ${units[unit + 1]}`;
  return `${value.toFixed(1)} ${units[unit]}`;
}
