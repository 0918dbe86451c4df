// @vitest-environment jsdom
// The upload rows of "Biblioteca de medios" and the image pickers: files dropped together go at
// most two at a time, each row showing "En cola", "Subiendo… 42 %" (a progress bar with that
// value), "Procesando…" once the bytes are sent, "Lista", or its error with "Reintentar" when
// trying again may work. The upload client is the test's own (each call a promise the test
// settles), so every state can be held and looked at; uploadMediaFile's own checks before
// sending are tested as they are.
import "./setup/dom";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MediaUploadZone } from "@/components/admin/media/upload-zone";
import { MediaUploadError, precheckMediaFile, uploadMediaFile, type UploadOptions } from "@/components/admin/media/upload";
import { useUploadQueue } from "@/components/admin/media/use-upload-queue";
import type { MediaDetail } from "@/lib/media/queries";

type Call = { file: File; options: UploadOptions; resolve: (detail: MediaDetail) => void; reject: (error: unknown) => void };

function fakeUploads() {
  const calls: Call[] = [];
  const upload = ((file: File, options: UploadOptions = {}) =>
    new Promise<MediaDetail>((resolve, reject) => calls.push({ file, options, resolve, reject }))) as typeof uploadMediaFile;
  return { calls, upload };
}

function detail(id: number, name: string, alt = ""): MediaDetail {
  return {
    id,
    url: `/media/abcdef0123456789/${name}-640-0123456789ab.jpg`,
    alt,
    width: 800,
    height: 600,
    mime: "image/jpeg",
    sizes: [],
    source: "upload",
    file_name: name,
    bytes: 1234,
    focal_point: null,
    placeholder: null,
    created_at: "2026-11-28T10:00:00.000Z",
    updated_at: "2026-11-28T10:00:00.000Z",
    used_in: [],
  };
}

function Harness({ upload, uploaded }: { upload: typeof uploadMediaFile; uploaded: MediaDetail[] }) {
  const queue = useUploadQueue({ upload, onUploaded: (item) => uploaded.push(item) });
  return <MediaUploadZone queue={queue} />;
}

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: "image/jpeg" });

function rowOf(name: string) {
  const row = screen.getAllByTestId("upload-row").find((element) => element.textContent?.includes(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

function drop(files: File[]) {
  fireEvent.drop(screen.getByTestId("media-drop-zone"), { dataTransfer: { files, types: ["Files"] } });
}

describe("the upload queue", () => {
  it("sends two files at a time, shows each state and starts the next when one is done", async () => {
    const { calls, upload } = fakeUploads();
    const uploaded: MediaDetail[] = [];
    render(<Harness upload={upload} uploaded={uploaded} />);

    drop([jpeg("uno.jpg"), jpeg("dos.jpg"), jpeg("tres.jpg")]);
    await act(async () => {});

    expect(calls.map((call) => call.file.name)).toEqual(["uno.jpg", "dos.jpg"]);
    expect(within(rowOf("uno.jpg")).getByText("Subiendo… 0 %")).toBeTruthy();
    expect(within(rowOf("tres.jpg")).getByText("En cola")).toBeTruthy();

    await act(async () => calls[0].options.onProgress?.(0.42));
    const bar = within(rowOf("uno.jpg")).getByRole("progressbar", { name: "Progreso de uno.jpg" });
    expect(bar.getAttribute("aria-valuenow")).toBe("42");
    expect(within(rowOf("uno.jpg")).getByText("Subiendo… 42 %")).toBeTruthy();

    await act(async () => calls[0].options.onProgress?.(1));
    expect(within(rowOf("uno.jpg")).getByText("Procesando…")).toBeTruthy();
    expect(calls).toHaveLength(2);

    await act(async () => calls[0].resolve(detail(1, "uno.jpg")));
    expect(within(rowOf("uno.jpg")).getByText("Lista")).toBeTruthy();
    expect(uploaded.map((item) => item.id)).toEqual([1]);
    // A slot is free: the third file starts.
    expect(calls.map((call) => call.file.name)).toEqual(["uno.jpg", "dos.jpg", "tres.jpg"]);
    expect(within(rowOf("tres.jpg")).getByText("Subiendo… 0 %")).toBeTruthy();
  });

  it("shows the server's refusal; 'Reintentar' only when trying again may work, and it sends the file again", async () => {
    const { calls, upload } = fakeUploads();
    render(<Harness upload={upload} uploaded={[]} />);
    drop([jpeg("red.jpg"), jpeg("malo.jpg")]);
    await act(async () => {});

    await act(async () => calls[0].reject(new MediaUploadError("No se pudo subir el archivo. Revisa tu conexión e inténtalo de nuevo.", 0, true)));
    await act(async () => calls[1].reject(new MediaUploadError("El archivo no es una imagen admitida.", 422, false)));

    const failed = rowOf("red.jpg");
    expect(within(failed).getByText("No se pudo subir el archivo. Revisa tu conexión e inténtalo de nuevo.")).toBeTruthy();
    expect(within(failed).queryByRole("progressbar")).toBeNull();
    expect(within(rowOf("malo.jpg")).queryByRole("button", { name: /Reintentar/ })).toBeNull();

    fireEvent.click(within(failed).getByRole("button", { name: /^Reintentar\s*red\.jpg$/ }));
    await act(async () => {});
    expect(calls.map((call) => call.file.name)).toEqual(["red.jpg", "malo.jpg", "red.jpg"]);
    expect(within(rowOf("red.jpg")).getByText("Subiendo… 0 %")).toBeTruthy();
  });

  it("'Cancelar' stops a file being sent and drops its row", async () => {
    const { calls, upload } = fakeUploads();
    render(<Harness upload={upload} uploaded={[]} />);
    drop([jpeg("largo.jpg")]);
    await act(async () => {});
    fireEvent.click(within(rowOf("largo.jpg")).getByRole("button", { name: /^Cancelar\s*la subida de largo\.jpg$/ }));
    expect(calls[0].options.signal?.aborted).toBe(true);
    await act(async () => calls[0].reject(new MediaUploadError("Subida cancelada.", 0, true)));
    expect(screen.queryAllByTestId("upload-row")).toHaveLength(0);
  });
});

describe("the checks before sending", () => {
  it("refuses at once what the server would refuse for sure, and sends the rest", async () => {
    expect(precheckMediaFile({ name: "foto.jpg", size: 10 * 1024 * 1024 + 1 })).toBe("El archivo pesa 10.1 MB; el máximo es 10 MB.");
    expect(precheckMediaFile({ name: "logo.svg", size: 2048 })).toContain("Solo se aceptan imágenes JPEG, PNG, WebP, AVIF o GIF");
    expect(precheckMediaFile({ name: "vacía.png", size: 0 })).toBe("El archivo está vacío.");
    expect(precheckMediaFile({ name: "FOTO.JPEG", size: 2048 })).toBeNull();
    // No extension: the server looks at the bytes.
    expect(precheckMediaFile({ name: "captura", size: 2048 })).toBeNull();
    await expect(uploadMediaFile(new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }))).rejects.toMatchObject({ retryable: false, status: 0 });
  });
});
