import { PublicacionIngestSchema } from "@/lib/api/marketplace";
import { marketplacePost } from "@/lib/http/marketplace";
import { ingestPublicacion } from "@/lib/service/publicaciones/ingest-publicacion";

export const POST = marketplacePost(PublicacionIngestSchema, async ({ body }) => ({ status: 201, body: await ingestPublicacion(body) }));
