/**
 * Put an image on the clipboard as PNG (the one image type every clipboard accepts). The image is
 * fetched, decoded and re-encoded as PNG in the page. The ClipboardItem is given the PNG as a
 * promise, so the write starts inside the click (Safari refuses a write after an await).
 */
export async function copyImageAsPng(url: string): Promise<void> {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) throw new Error('The clipboard cannot take images here.');
  const png = toPng(url);
  // Keep an early failure from surfacing as an unhandled rejection if write() throws first.
  png.catch(() => {});
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
}

async function toPng(url: string): Promise<Blob> {
  const response = await fetch(url, { mode: 'cors', credentials: 'omit' });
  if (!response.ok) throw new Error(`The image could not be loaded (HTTP ${response.status}).`);
  const blob = await response.blob();
  if (blob.type === 'image/png') return blob;
  const bitmap = await createImageBitmap(blob);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas to convert the image.');
    context.drawImage(bitmap, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((png) => (png ? resolve(png) : reject(new Error('The image could not be converted.'))), 'image/png'),
    );
  } finally {
    bitmap.close();
  }
}
