/** "1 page", "2 pages": every count the node's messages spell out. */
export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
