import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';

/** A QR code of an EIP-681 URI, as an image (data: URL; no script or style inline). */
export function PaymentQr({ uri, label }: { uri: string; label: string }) {
  const { t } = useI18n();
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, scale: 6 }).then(
      (url) => live && setSrc(url),
      () => live && setSrc(undefined),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <figure className="qr">
      {src ? <img src={src} alt={label} width={232} height={232} data-uri={uri} /> : <div className="qr-placeholder" />}
      <figcaption>{t('checkout.qrCaption')}</figcaption>
    </figure>
  );
}
