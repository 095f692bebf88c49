import { imageMessages } from '@gama/core/endpoints/content/console';
import { Button } from '@gama/ui/Button';
import { CircleAlert, ImageUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { FormFailure } from '../../components/FormFailure.tsx';
import { acceptedImages, readImageFile } from './image-file.ts';
import styles from './ContentScreen.module.css';

/** A button that picks a PNG, JPEG or WebP and hands it on as a data URL; a wrong file is refused here. */
export function ImagePicker({
  label,
  onImage,
  disabled = false,
}: {
  label: string;
  onImage: (dataUrl: string) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={styles.picker}>
      <input
        ref={input}
        type="file"
        accept={acceptedImages}
        hidden
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Picking the same file again must fire again.
          event.target.value = '';
          if (!file) return;
          readImageFile(file).then(
            (dataUrl) => {
              setError(null);
              onImage(dataUrl);
            },
            (failure: unknown) =>
              setError(failure instanceof Error ? failure.message : imageMessages.unreadable),
          );
        }}
      />
      <Button
        variant="outline"
        small
        disabled={disabled}
        icon={<ImageUp size={16} aria-hidden="true" />}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
      <FormFailure message={error} icon={CircleAlert} />
    </div>
  );
}
