import { resumeMaxBytes, resumeProblem } from '@board/shared/forms/application-schema';
import { cn } from '@board/shared/lib/cn';
import { toast } from '@board/shared/react/toast';
import { FileText, Upload } from 'lucide-react';
import { type Ref, useState } from 'react';
import type { ResumeMeta } from './application-draft';
import type { ControlProps } from './form-field';

function size(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Drag-and-drop zone and file chooser for the resume. The file input itself stays in the tab
 * order (visually hidden, its label is the zone), so the keyboard opens the chooser. PDF only, at
 * most 10 MB, checked on select and on drop with a toast.
 */
export function ResumeInput({
  control,
  file,
  previous,
  onFile,
  inputRef,
}: {
  control: ControlProps;
  file: File | undefined;
  previous: ResumeMeta | null;
  onFile: (file: File | undefined) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [dragging, setDragging] = useState(false);

  const accept = (candidate: File | undefined) => {
    if (!candidate) return;
    const problem = resumeProblem(candidate);
    if (problem) {
      toast.error(problem);
      return;
    }
    onFile(candidate);
  };

  return (
    <label
      htmlFor={control.id}
      data-dragging={dragging}
      onDragEnter={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        accept(event.dataTransfer.files[0]);
      }}
      className={cn(
        'mt-1 flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm transition-colors focus-within:outline-2 focus-within:outline-brand-600',
        dragging
          ? 'border-brand-600 bg-brand-50'
          : control['aria-invalid']
            ? 'border-danger bg-white'
            : 'border-line bg-white hover:bg-surface',
      )}
    >
      <input
        {...control}
        ref={inputRef}
        type="file"
        accept="application/pdf,.pdf"
        className="sr-only"
        onChange={(event) => {
          accept(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {file ? (
        <>
          <FileText aria-hidden="true" className="size-6 text-brand-600" />
          <span className="font-medium text-ink">{file.name}</span>
          <span className="text-muted">{size(file.size)}. Choose another file to replace it.</span>
        </>
      ) : (
        <>
          <Upload aria-hidden="true" className="size-6 text-muted" />
          <span className="font-medium text-ink">
            {dragging ? 'Drop your resume here' : 'Drag your resume here, or choose a file'}
          </span>
          <span className="text-muted">PDF only, up to {resumeMaxBytes / 1024 / 1024} MB</span>
          {previous ? <span className="text-ink">previously selected: {previous.name}, attach it again</span> : null}
        </>
      )}
    </label>
  );
}
