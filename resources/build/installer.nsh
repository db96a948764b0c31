; Players' browsers and game servers reach Matchday over the LAN: without an inbound rule Windows
; Firewall silently drops them. One rule for the default port, one for the program (a port changed
; because 3000 was taken, and the optional mDNS name on UDP 5353); both removed on uninstall.
; All three profiles: Windows classes a network it has not seen before (the venue's switch) as Public,
; and the organiser is rarely asked. The program rule is safe to open because the packaged Matchday.exe
; cannot be made to run other code (RunAsNode, NODE_OPTIONS and --inspect fuses off, ASAR integrity on).
!macro customInstall
  nsExec::Exec 'netsh advfirewall firewall delete rule name="Matchday"'
  nsExec::Exec 'netsh advfirewall firewall add rule name="Matchday" dir=in action=allow protocol=TCP localport=3000 profile=private,domain,public'
  nsExec::Exec 'netsh advfirewall firewall add rule name="Matchday" dir=in action=allow program="$INSTDIR\${APP_EXECUTABLE_FILENAME}" profile=private,domain,public'
!macroend

!macro customUnInstall
  nsExec::Exec 'netsh advfirewall firewall delete rule name="Matchday"'
!macroend
