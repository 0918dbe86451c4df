"use server";

import { requireActor } from "@/lib/auth/actor";
import { actionArguments, idArgument, plainObjectArgument, runAction, type ActionResult } from "@/lib/actions/run";
import { parseWith } from "@/lib/errors";
import { pageRequest, type Paged } from "@/lib/list/paging";
import { z } from "@/lib/zod";
import { getMedia, listMedia, listMediaByIds, type MediaDetail, type MediaListItem } from "./queries";
import { mediaListQuerySchema } from "./schema";
import { deleteMedia, updateMedia } from "./service";

// "Biblioteca de medios" and the image pickers: the same reads and writes as the REST routes
// (uploads go to POST /api/v1/admin/media, which streams the file and reports progress).

/** One page of the library for the screen's filters or a picker's search. */
export async function listMediaAction(...args: [query: unknown]): Promise<ActionResult<Paged<MediaListItem>>> {
  return runAction(async () => {
    const [raw] = actionArguments(args, [plainObjectArgument]);
    await requireActor("admin");
    const query = parseWith(mediaListQuerySchema, raw);
    return listMedia(query, pageRequest(query, 24));
  });
}

const idListArgument = z.array(idArgument, { error: "Los datos enviados no son válidos." }).max(100);

/** The items a form already references, in its order (pickers show their thumbnails). */
export async function listMediaByIdsAction(...args: [ids: number[]]): Promise<ActionResult<MediaListItem[]>> {
  return runAction(async () => {
    const [ids] = actionArguments(args, [idListArgument]);
    await requireActor("admin");
    return listMediaByIds(ids);
  });
}

export async function getMediaAction(...args: [id: number]): Promise<ActionResult<MediaDetail>> {
  return runAction(async () => {
    const [id] = actionArguments(args, [idArgument]);
    await requireActor("admin");
    return getMedia(id);
  });
}

export async function updateMediaAction(...args: [id: number, values: unknown]): Promise<ActionResult<MediaDetail>> {
  return runAction(async () => {
    const [id, values] = actionArguments(args, [idArgument, plainObjectArgument]);
    return updateMedia(await requireActor("admin"), id, values);
  });
}

export async function deleteMediaAction(...args: [id: number]): Promise<ActionResult<{ id: number }>> {
  return runAction(async () => {
    const [id] = actionArguments(args, [idArgument]);
    await deleteMedia(await requireActor("admin"), id);
    return { id };
  });
}
