import { crearPlantillaPglite } from "./pglite-plantilla";

/** The unit tests' global setup: the migrated PGlite their own databases start from (tests/support/pglite-propia.ts). */
export default function setup(): () => void {
  return crearPlantillaPglite();
}
