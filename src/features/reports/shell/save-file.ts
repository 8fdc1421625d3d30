/**
 * Hands a downloaded file to the user: an object URL on an anchor with a
 * download name. Works in a browser and in the Electron renderer: an anchor
 * with a download name starts a download, not a navigation, so the shell's
 * navigation guard is not involved and Electron asks where to save it.
 */
export function saveFile(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** <report>-<from>-<to>.<ext>, as the server names it in Content-Disposition. */
export function reportFileName(report: string, from: string, to: string, ext: string): string {
  return `${report}-${from}-${to}.${ext}`;
}
