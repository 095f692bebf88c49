import { IMAGE_MAX_BYTES, imageMessages, imageTypes } from '@gama/core/endpoints/content/console';

/**
 * A picked file as the data URL the content routes take. The type and size are checked here first, in the
 * server's words, so a wrong file is refused before 5 MB cross a phone connection; the server checks the
 * bytes again and re-encodes the image.
 */
export function readImageFile(file: File): Promise<string> {
  if (!(imageTypes as readonly string[]).includes(file.type))
    return Promise.reject(new Error(imageMessages.type));
  if (file.size > IMAGE_MAX_BYTES) return Promise.reject(new Error(imageMessages.tooLarge));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error(imageMessages.unreadable));
    };
    reader.onerror = () => reject(new Error(imageMessages.unreadable));
    reader.readAsDataURL(file);
  });
}

/** What the file input accepts, from the server's list. */
export const acceptedImages = imageTypes.join(',');
