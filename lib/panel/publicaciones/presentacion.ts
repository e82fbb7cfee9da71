import type { Formateador } from "@/lib/panel/formatos";
import { dinero, fechaHora, numero, SIN_DATO } from "@/lib/panel/formatos";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import type { CambioPublicacion, Publicacion } from "@/lib/panel/v3-tipos";
import { urlConsultas } from "../consultas/filtros";
import { urlPublicacion } from "./filtros";

/**
 * A listing in the words of a dealership's staff (no API codes on screen): its car, its state with
 * the reason ("Pausada: sin cupo en el paquete"), its exposure, its enquiries as links into the inbox
 * filtered by the listing. Shared by the list, the listing's page and the home's lists.
 */

export type FilaPublicacion = {
  externalId: string;
  href: string;
  auto: string;
  foto: string | null;
  precio: string;
  km: string;
  refStock: string | null;
  estado: Publicacion["Estado"];
  estadoTexto: string;
  exposicion: string;
  exposicionNivel: Publicacion["Exposicion"];
  consultas: { total: number; sinAtender: number; texto: string; textoSinAtender: string; href: string; hrefSinAtender: string };
  modificada: string;
  modificadaIso: string;
};

/** "Volkswagen Amarok 2.0 Highline 2021". */
export function autoDe(publicacion: Pick<Publicacion, "Marca" | "Modelo" | "Version" | "VersionYear">): string {
  return [publicacion.Marca.title, publicacion.Modelo.title, publicacion.Version, publicacion.VersionYear].filter(Boolean).join(" ");
}

/** Its state with its reason: Activa, "Pausada: sin cupo en el paquete", "Archivada: ya no se publica". */
export function estadoDe(publicacion: Pick<Publicacion, "Estado" | "Motivo">, t: Traductor): string {
  if (publicacion.Estado === "Archivada") return t("publicaciones.motivos.archivada");
  if (publicacion.Estado === "Suspendida") return t(`publicaciones.motivos.${publicacion.Motivo ?? "app"}`);
  return t("publicaciones.estados.Activa");
}

export const exposicionDe = (publicacion: Pick<Publicacion, "Exposicion">, t: Traductor): string =>
  t(`publicaciones.niveles.${publicacion.Exposicion ?? "ninguna"}`);

/** What a change left: the photo's check for a photo; else the state, with the level when Activa. */
function resultadoDe(cambio: CambioPublicacion, t: Traductor): string {
  if (cambio.Foto) {
    const estado = t(`publicaciones.detalle.fotoEstados.${cambio.Foto.Estado}`);
    return cambio.Foto.Motivo ? `${estado}: ${cambio.Foto.Motivo}` : estado;
  }
  const estado = estadoDe(cambio, t);
  return cambio.Estado === "Activa" ? `${estado} · ${exposicionDe(cambio, t)}` : estado;
}

/** `foto`: the URL of the photo checked, for a photo's check. */
export type FilaCambio = { que: string; resultado: string; foto?: string; origen: string; momento: string; momentoIso: string };

/** A change of a listing in words: what happened, what it left, who made it (the partner's system, the Panel or the platform), when. */
export function cambioDe(cambio: CambioPublicacion, t: Traductor, f: Formateador): FilaCambio {
  return {
    que: t(`publicaciones.cambios.tipos.${cambio.Cambio}`),
    resultado: resultadoDe(cambio, t),
    foto: cambio.Foto?.Url,
    origen: t(`publicaciones.cambios.origenes.${cambio.Origen}`),
    momento: fechaHora(f, cambio.Momento),
    momentoIso: cambio.Momento,
  };
}

/**
 * The inbox filtered by this listing (its 90 days, the API's default period), all of them or the
 * unattended ones; `fijo`: an `agencia` user's inbox needs no agency in its URL.
 */
export function enlacesConsultas(externalId: string, adminMail: string, fijo: boolean) {
  const agencia = fijo ? undefined : adminMail;
  return {
    href: urlConsultas({ agencia, externalid: externalId, atendida: "todas" }),
    hrefSinAtender: urlConsultas({ agencia, externalid: externalId, atendida: "no" }),
  };
}

export function filaDe(publicacion: Publicacion, adminMail: string, fijo: boolean, t: Traductor, f: Formateador): FilaPublicacion {
  const { Total: total, SinAtender: sinAtender } = publicacion.Consultas;
  return {
    externalId: publicacion.ExternalId,
    href: urlPublicacion(publicacion.ExternalId, fijo ? undefined : adminMail),
    auto: autoDe(publicacion),
    foto: publicacion.Fotos[0]?.Url ?? null,
    precio: dinero(f, publicacion.Precio),
    km: publicacion.Kilometraje === null ? SIN_DATO : t("publicaciones.km", { km: numero(f, publicacion.Kilometraje) }),
    refStock: publicacion.RefStock,
    estado: publicacion.Estado,
    estadoTexto: estadoDe(publicacion, t),
    exposicion: exposicionDe(publicacion, t),
    exposicionNivel: publicacion.Exposicion,
    consultas: {
      total,
      sinAtender,
      texto: t("publicaciones.consultas", { n: total }),
      textoSinAtender: t("publicaciones.sinAtender", { n: sinAtender }),
      ...enlacesConsultas(publicacion.ExternalId, adminMail, fijo),
    },
    modificada: fechaHora(f, publicacion.Modificada),
    modificadaIso: publicacion.Modificada,
  };
}
