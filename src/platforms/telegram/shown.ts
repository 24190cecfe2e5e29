/**
 * Which picture a board message shows, as far as this process knows: each photo it uploaded, by
 * the photo's `file_unique_id`, with the look it drew (`pictureLook`). A press carries the pressed
 * message and its photo, so when the next view of that board has the look the photo was drawn
 * with, only the caption and the buttons need to change. A photo this process did not upload (a
 * cold sandbox, another one's upload) is unknown, and the board is drawn and uploaded as usual:
 * being unsure costs an upload, never a wrong picture.
 */
import type { Message } from 'telegraf/types';

/** The photo of the pressed board message, from the press. */
export interface PressedPhoto {
  readonly messageId: string;
  readonly fileUniqueId: string;
}

/** A few hundred boards in play at once is plenty for one sandbox. */
const KEPT = 500;
const looks = new Map<string, string>();

/** Notes the look of the photo a sent or edited board message now shows. */
export function noteShown(message: unknown, look: string | undefined): void {
  const id = largestPhoto(message);
  if (id === undefined || look === undefined) return;
  looks.delete(id);
  looks.set(id, look);
  for (const old of looks.keys()) {
    if (looks.size <= KEPT) break;
    looks.delete(old);
  }
}

/** Whether the pressed message `messageId` is known to show a picture of `look`. */
export function isShowing(pressed: PressedPhoto | undefined, messageId: string, look: string | undefined): boolean {
  return pressed !== undefined && look !== undefined && pressed.messageId === messageId && looks.get(pressed.fileUniqueId) === look;
}

/** The pressed message's photo, when the press was on a photo message. */
export function pressedPhotoOf(message: unknown): PressedPhoto | undefined {
  const id = largestPhoto(message);
  const messageId = (message as Partial<Message.PhotoMessage> | undefined)?.message_id;
  return id === undefined || messageId === undefined ? undefined : { messageId: String(messageId), fileUniqueId: id };
}

function largestPhoto(message: unknown): string | undefined {
  const photo = (message as Partial<Message.PhotoMessage> | undefined)?.photo;
  return Array.isArray(photo) && photo.length > 0 ? photo[photo.length - 1]?.file_unique_id : undefined;
}
