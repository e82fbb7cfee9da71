import { PublicacionIngestSchema } from "@/lib/api/marketplace";
import { marketplacePost } from "@/lib/http/marketplace";
import { ingestPublicacion } from "@/lib/service/consultas/ingest";

export const POST = marketplacePost(PublicacionIngestSchema, async ({ body }) => ({ status: 201, body: await ingestPublicacion(body) }));
