import "server-only";
import { fieldProblem } from "@/lib/api/problem";
import { bestMatch, type MatchRequest } from "./best-match";
import { findCarroceria, findCiudad, findMarca, findModelo, findRegion } from "./queries";

/** Best match, or a 400 that names the parameter the caller sent. */
async function matchOrFail(parameter: string, noun: string, request: MatchRequest): Promise<number> {
  const id = await bestMatch(request);
  if (id === undefined) throw fieldProblem(parameter, `No se encontró ${noun} que coincida con «${request.value}».`);
  return id;
}

const required = <T>(row: T | undefined): T => {
  if (row === undefined) throw new Error("Ítem de catálogo desaparecido entre búsqueda y lectura");
  return row;
};

export async function matchCarroceria(value: string, parameter = "bodystyle") {
  return required(
    await findCarroceria(await matchOrFail(parameter, "una carrocería", { tipo: "carroceria", resource: "carrocerias", value })),
  );
}

export async function matchMarca(value: string, parameter = "make") {
  return required(await findMarca(await matchOrFail(parameter, "una marca", { tipo: "marca", resource: "marcas", value })));
}

export async function matchRegion(value: string, parameter = "state") {
  return required(await findRegion(await matchOrFail(parameter, "una provincia", { tipo: "region", resource: "regiones", value })));
}

/** A city within the region that best matches `state`. */
export async function matchCiudad(state: string, city: string, parameters = { state: "state", city: "city" }) {
  const region = await matchRegion(state, parameters.state);
  const id = await matchOrFail(parameters.city, `una ciudad de ${region.nombre}`, {
    tipo: "ciudad",
    resource: "ciudades",
    value: city,
    ambito: region.id,
    contains: true,
  });
  return required(await findCiudad(id));
}

/** A model within the make that best matches `make` (a bare number is a model's name: Peugeot 208). */
export async function matchModelo(make: string, model: string, parameters = { make: "make", model: "model" }) {
  const marca = await matchMarca(make, parameters.make);
  const id = await matchOrFail(parameters.model, `un modelo de ${marca.nombre}`, {
    tipo: "modelo",
    resource: "modelos",
    value: model,
    ambito: marca.id,
    bareIds: false,
  });
  return required(await findModelo(id));
}
