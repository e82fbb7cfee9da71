import { TOPICS } from "@/lib/api/limites";

export { TOPICS };
export type Topic = (typeof TOPICS)[number];

export function isTopic(value: string): value is Topic {
  return (TOPICS as readonly string[]).includes(value);
}
