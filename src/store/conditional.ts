/** DynamoDB's conditional writes, read one way by every item type of the store. */

/** Whether a call failed only its condition (another write got there first, or the item is not as expected). */
export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** Waits for a conditional write: true when it was made, false when its condition did not hold; any other failure throws. */
export async function conditionally(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
